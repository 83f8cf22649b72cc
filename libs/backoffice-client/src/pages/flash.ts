import { Page } from './page.js';

/** The one-time flash every full page renders after a form POST (`.alerts.alerts-server`). */
export const flashSelectors = {
  container: '.alerts.alerts-server',
  danger: '.alert-danger',
  success: '.alert-success',
  items: 'li',
  paragraphs: 'p',
} as const;

export interface Flash {
  errors: string[];
  successes: string[];
}

/** Reads the server's messages: each `<li>` of a list, or each `<p>`, trimmed and otherwise as sent. */
export function parseFlash(html: string): Flash {
  const page = new Page('flash', flashSelectors, html);
  const container = page.all('container');
  return {
    errors: messages(page, page.all('danger', container)),
    successes: messages(page, page.all('success', container)),
  };
}

function messages(page: Page<typeof flashSelectors>, boxes: ReturnType<Page<typeof flashSelectors>['all']>): string[] {
  const out: string[] = [];
  boxes.each((_, box) => {
    const $box = page.$(box);
    let parts = page.all('items', $box);
    if (parts.length === 0) parts = page.all('paragraphs', $box);
    parts.each((_, el) => {
      const text = page.$(el).text().trim();
      if (text) out.push(text);
    });
  });
  return out;
}
