import { create } from 'zustand';
import type { ClientConfig } from '../../src-common/schemas/client-config';
import { api } from './api-client';

/** Null until the answer arrives; stays null when the request fails, which means "nothing configured". */
const useClientConfigStore = create<{ config: ClientConfig | null }>(() => ({ config: null }));

let request: Promise<ClientConfig | null> | null = null;

/** GET /api/client-config, asked once per visit; a failure means no optional features rather than an error. */
export function loadClientConfig(): Promise<ClientConfig | null> {
  request ??= api
    .get<ClientConfig>('/client-config')
    .then((config) => {
      useClientConfigStore.setState({ config });
      return config;
    })
    .catch(() => null);
  return request;
}

/** The server's public settings for components; starts the request on first use. */
export function useClientConfig(): ClientConfig | null {
  void loadClientConfig();
  return useClientConfigStore((s) => s.config);
}
