import { MESSAGES } from './messages';

/** An error whose message is meant for the person using the app (Italian) and is sent as `{ error }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.notAuthenticated) => new HttpError(401, message);
export const forbidden = () => new HttpError(403, MESSAGES.forbidden);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
