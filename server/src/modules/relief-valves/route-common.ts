import { errorBody } from '@common/schemas/params';

export const tags = ['relief-valves'];
export const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
export const BASE = '/api/relief-valves';
