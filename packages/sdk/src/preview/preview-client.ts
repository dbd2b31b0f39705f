/** `client.preview`: builds code for the live preview (docs/api.md § Preview). */
import type { PreviewBuildRequest, PreviewBuildResult } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { PreviewClient, RequestOptions } from '../types.ts';

export function createPreviewClient(options: {
  http: HttpClient;
  projectId: string;
}): PreviewClient {
  const { http, projectId } = options;
  return {
    async build(
      input: PreviewBuildRequest,
      request: RequestOptions = {},
    ): Promise<PreviewBuildResult> {
      const body = await http({
        method: 'POST',
        path: `/api/preview/${encodeURIComponent(projectId)}/build`,
        body: input,
        signal: request.signal,
      });
      return parseResponse('PreviewBuildResultSchema', body);
    },
  };
}
