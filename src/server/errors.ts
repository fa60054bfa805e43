// One error type for every failure a route or service reports on purpose. The error handler turns
// it into the envelope; anything else becomes a 500 with no details (plugins/errorHandler.ts).
import { Codes, type CodeName } from '../contract/codes';

export class AppError extends Error {
  readonly code: number;
  constructor(
    readonly codeName: CodeName,
    /** HTTP status: the class of the failure (docs/api-conventions.md). Business outcomes the page handles use 200. */
    readonly httpStatus: number = 400,
    readonly data: unknown = null,
  ) {
    super(codeName);
    this.name = 'AppError';
    this.code = Codes[codeName].code;
  }
}

/** A field-level problem, as listed in `data` of a 400 answer: the field path and a message id. */
export interface FieldProblem {
  path: string;
  message: string;
}

export const notFound = () => new AppError('notFound', 404);
export const forbidden = () => new AppError('forbidden', 403);
export const transitionNotAllowed = (data: unknown = null) => new AppError('transitionNotAllowed', 409, data);
