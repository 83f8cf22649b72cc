import { throwIfAborted } from '@washops/client-core';
import { parseFlash } from '../pages/flash.js';
import type { Session } from '../session/session.js';
import type { FormPairs, HttpResult, RequestSpec } from '../transport/transport.js';
import { pageStatusError, postServerError, postWithoutRedirectError, rejection, unexpectedRedirectError } from './errors.js';

export interface PostedForm {
  /** The success redirect's Location. */
  location: string;
  match: RegExpExecArray;
}

/** Page reads and form posts over the session; what each answer means is decided in errors.ts. */
export class FormGateway {
  readonly #session: Session;

  constructor(session: Session) {
    this.#session = session;
  }

  /** GET a page (redirects followed); anything but a 200 is an error. */
  async getPage(path: string, signal?: AbortSignal): Promise<string> {
    return pageBody(path, await this.#session.request({ method: 'GET', path, signal }));
  }

  /**
   * POST a form and return its success redirect. A redirect carrying `actionXfer` is the server's
   * rejection: the flash on the page it points to becomes the error, read before any other request.
   */
  postForm(path: string, form: FormPairs, success: RegExp, signal?: AbortSignal): Promise<PostedForm> {
    return this.#session.exclusive(async (request) => {
      const result = await request({ method: 'POST', path, form, signal });
      if (result.status >= 500) throw postServerError(path, result);
      const location = result.location;
      if (location === undefined) {
        const flash = parseFlash(result.body);
        throw flash.errors.length > 0 ? rejection(path, flash.errors) : postWithoutRedirectError(path, result);
      }
      if (/[?&]actionXfer=/.test(location)) {
        const page = await readRejectionPage(request, location, signal);
        throw rejection(path, parseFlash(page).errors);
      }
      const match = success.exec(location);
      if (!match) throw unexpectedRedirectError(path, result, location);
      return { location, match };
    }, signal);
  }
}

/** The page a rejection redirected to; unreadable, it holds no messages (the rejection stands). */
async function readRejectionPage(request: (spec: RequestSpec) => Promise<HttpResult>, location: string, signal: AbortSignal | undefined): Promise<string> {
  try {
    return pageBody(location, await request({ method: 'GET', path: location, signal }));
  } catch {
    throwIfAborted(signal);
    return '';
  }
}

function pageBody(path: string, result: HttpResult): string {
  if (result.status === 200) return result.body;
  throw pageStatusError(path, result.status);
}
