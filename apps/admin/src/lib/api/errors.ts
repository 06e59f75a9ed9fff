import { readErrorBody } from '@popstage/core/contract';

/** A failed call to our server; the server answers errors as JSON `{ error, message }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    let code = `http_${response.status}`;
    let message = response.statusText || `Request failed with status ${response.status}`;
    // Not our JSON (a proxy's error page, say): keep the status-based description.
    const body = readErrorBody(await response.json().catch(() => null));
    if (body) {
      code = body.error;
      message = body.message;
    }
    return new ApiError(response.status, code, message);
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError(0, 'network_error', 'The server could not be reached.');
    error.cause = cause;
    return error;
  }

  /** Worth retrying: the network or the server failed, not the request itself. */
  get transient(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}
