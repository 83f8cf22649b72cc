/** PHPSESSID sessions and their one-time flashes. Expired sessions are dropped lazily and swept now and then. */
import { randomBytes } from 'node:crypto';
import type { Clock } from '@washops/clock';
import type { Flash } from './pages/layout.js';
import type { UserCreateRefill } from './pages/user-create.js';

const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Sweep every this many new sessions, so clients that never send a cookie cost nothing. */
const SWEEP_EVERY = 256;

export interface Session {
  id: string;
  username: string | null;
  displayName: string;
  lastSeen: number;
  flashes: Flash[];
  userCreateRefill: UserCreateRefill | null;
}

export class Sessions {
  #byId = new Map<string, Session>();
  #created = 0;

  constructor(
    public timeScale: number,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  lifetimeMs(): number {
    return SESSION_IDLE_MS * this.timeScale;
  }

  create(): Session {
    if (++this.#created % SWEEP_EVERY === 0) {
      const now = this.clock.now();
      for (const [id, s] of this.#byId) if (now - s.lastSeen > this.lifetimeMs()) this.#byId.delete(id);
    }
    const session: Session = {
      id: randomBytes(16).toString('hex').slice(0, 26),
      username: null,
      displayName: '',
      lastSeen: this.clock.now(),
      flashes: [],
      userCreateRefill: null,
    };
    this.#byId.set(session.id, session);
    return session;
  }

  /** The session with this id, unless it is unknown or has idled past its lifetime. */
  live(id: string | null): Session | null {
    if (!id) return null;
    const s = this.#byId.get(id);
    if (!s) return null;
    if (this.clock.now() - s.lastSeen > this.lifetimeMs()) {
      this.#byId.delete(id);
      return null;
    }
    return s;
  }

  /** Marks the session used now: its idle lifetime starts over. */
  touch(session: Session): void {
    session.lastSeen = this.clock.now();
  }

  end(id: string): void {
    this.#byId.delete(id);
  }

  endAll(): void {
    this.#byId = new Map();
  }
}

/** The pending flashes, used up: each shows on one page only. */
export function takeFlashes(session: Session): Flash[] {
  const flashes = session.flashes;
  session.flashes = [];
  return flashes;
}
