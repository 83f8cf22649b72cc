'use client';

import { useId, useRef, useState } from 'react';

/** A password the portal made up, shown this once with a copy button; nothing keeps it afterwards. */
export function GeneratedPassword({ username, password }: { username: string; password: string }) {
  const headingId = useId();
  const secretRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for a manual copy.
      const secret = secretRef.current;
      if (secret) window.getSelection()?.selectAllChildren(secret);
      setCopied('no');
    }
  }

  return (
    <section className="alert alert-warn" aria-labelledby={headingId} data-testid="generated-password-panel">
      <h3 id={headingId}>Generated password for {username}</h3>
      <p>
        <code ref={secretRef} className="secret" data-testid="generated-password">
          {password}
        </code>{' '}
        <button type="button" className="button button-small" onClick={() => void copy()}>
          Copy password
        </button>
      </p>
      <p>
        <strong>It will not be shown again.</strong> Copy it now and hand it over securely; the portal keeps only a hash of it.
      </p>
      <p role="status" aria-live="polite">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'no' ? 'Could not reach the clipboard: the password is selected, copy it by hand.' : ''}
      </p>
    </section>
  );
}
