import type {
  ChangePasswordInput,
  LinkEmailInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  UpdateSettingsInput,
} from '../../src-common/schemas/auth';
import type {
  ChangePasswordResponse,
  LoginResponse,
  MessageResponse,
  UpdateSettingsResponse,
  UpdateUsernameResponse,
} from '../../src-common/schemas/user';
import { api } from './api-client';

/** The account calls (/api/auth/*), typed by the shared schemas. */
export const authApi = {
  login: (input: LoginInput) => api.post<LoginResponse>('/auth/login', input),
  register: (input: RegisterInput) => api.post<MessageResponse>('/auth/register', input),
  forgotPassword: (email: string) => api.post<MessageResponse>('/auth/forgot-password', { email }),
  resendVerification: (email: string) => api.post<MessageResponse>('/auth/resend-verification', { email }),
  resetPassword: (input: ResetPasswordInput) => api.post<MessageResponse>('/auth/reset-password', input),
  /** Ends every other session; the answer's token keeps this device logged in. */
  changePassword: (input: ChangePasswordInput) =>
    api.post<ChangePasswordResponse>('/auth/change-password', input),
  /** Ends every session of the account, this device's included (204). */
  logoutEverywhere: () => api.post<null>('/auth/logout'),
  /** The session a Discord login's ticket (/auth-success?ticket=) stands for. */
  exchangeLoginTicket: (ticket: string) => api.post<LoginResponse>('/auth/ticket', { ticket }),
  /** A 60 s single-use ticket that starts linking Discord to this account. */
  discordLinkTicket: () => api.post<{ ticket: string }>('/auth/discord/link-ticket'),
  updateUsername: (username: string) =>
    api.post<UpdateUsernameResponse>('/auth/update-username', { username }),
  linkEmail: (input: LinkEmailInput) => api.post<MessageResponse>('/auth/link-email', input),
  updateSettings: (input: UpdateSettingsInput) =>
    api.post<UpdateSettingsResponse>('/auth/update-settings', input),
};

/** Full-page navigations: Discord's flow runs through redirects, not fetch. */
export const DISCORD_LOGIN_PATH = '/api/auth/discord';
export const discordLinkPath = (ticket: string) =>
  `${DISCORD_LOGIN_PATH}?link=1&ticket=${encodeURIComponent(ticket)}`;
