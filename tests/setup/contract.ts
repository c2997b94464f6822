import { afterAll, expect } from 'vitest';
import { takeContractProblems } from '../helpers/contract';

// After each integration file: every REST answer its tests received through tests/helpers/http.ts
// must be an operation, a status and a body shape of the OpenAPI document.
afterAll(() => {
  expect(takeContractProblems()).toEqual([]);
});
