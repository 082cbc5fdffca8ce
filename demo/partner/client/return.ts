/**
 * The hosted flow's return page: `/return?reason=…&locale=…` says how the flow ended and in which language the
 * customer was, so the page answers in it.
 */
import { describeReturn, RETURN_PAGE, type ReturnLang } from './labels.js';

const params = new URLSearchParams(window.location.search);
const reason = params.get('reason') ?? undefined;
const lang: ReturnLang = params.get('locale') === 'es' ? 'es' : 'en';

if (lang !== 'en') {
  const text = RETURN_PAGE[lang];
  document.documentElement.lang = lang;
  document.title = text.title;
  const set = (id: string, value: string) => {
    const el = document.getElementById(id);
    if (el) el.textContent = value;
  };
  set('return-title', text.heading);
  set('return-lead', text.lead);
  const close = document.getElementById('return-close');
  if (close) {
    const link = document.createElement('a');
    link.href = '/';
    link.textContent = text.demo;
    close.replaceChildren(text.close, link, '.');
  }
}

const output = document.getElementById('return-reason');
if (output) {
  output.textContent = describeReturn(reason, lang);
  if (reason !== undefined) output.dataset.reason = reason;
}

// For the partner's developer: the query exactly as it came back (reason, locale, and any of the partner's own).
const query = document.getElementById('return-query');
if (query && window.location.search) query.textContent = window.location.search.slice(1);
