import type { ApiToken } from '@common/schemas/api-tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** The organization's API tokens with their last use, for admins (anyone else gets 403). Never the secrets. */
export const apiTokensQuery = queryOptions({ queryKey: ['/api/api-tokens'], queryFn: readQueryKey<ApiToken[]> });

export const useApiTokens = ({ enabled }: { enabled: boolean }) => useQuery({ ...apiTokensQuery, enabled });
