/**
 * Session tokens signed out before they expire. A token is self-contained (signed, not stored),
 * so without this list a copied cookie would keep working after its user signed out. Held per
 * process: each entry is dropped once its token would have expired anyway.
 */
export class RevokedSessions {
  private readonly expiryByToken = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  revoke(token: string, expiresAt: number): void {
    this.sweep();
    this.expiryByToken.set(token, expiresAt);
  }

  has(token: string): boolean {
    return this.expiryByToken.has(token);
  }

  private sweep(): void {
    const now = this.now();
    for (const [token, expiresAt] of this.expiryByToken) if (expiresAt <= now) this.expiryByToken.delete(token);
  }
}
