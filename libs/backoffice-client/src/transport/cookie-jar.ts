import { registerSecret, unregisterSecret } from '@washops/shared-errors';
import { CookieJar } from 'tough-cookie';

/** One session's cookies. Their values are secrets: each is masked in every error and log line while held. */
export class SecretCookieJar {
  readonly #jar = new CookieJar();
  readonly #values = new Set<string>();

  header(url: string): Promise<string> {
    return this.#jar.getCookieString(url);
  }

  async store(setCookieHeaders: readonly string[], url: string): Promise<void> {
    for (const setCookie of setCookieHeaders) {
      const stored = await this.#jar.setCookie(setCookie, url, { ignoreError: true });
      if (stored && typeof stored.value === 'string') this.#remember(stored.value);
    }
  }

  async clear(): Promise<void> {
    await this.#jar.removeAllCookies();
    for (const value of this.#values) unregisterSecret(value);
    this.#values.clear();
  }

  #remember(value: string): void {
    // Shorter values are flags, not session ids; masking them would blot out ordinary text.
    if (value.length < 8 || this.#values.has(value)) return;
    this.#values.add(value);
    registerSecret(value);
  }
}
