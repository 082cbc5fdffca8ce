/** The hosted flow's return page: `/return?reason=…` says how the flow ended. */
import { describeReturn } from './labels.js';

const reason = new URLSearchParams(window.location.search).get('reason') ?? undefined;
const output = document.getElementById('return-reason');
if (output) {
  output.textContent = describeReturn(reason);
  if (reason !== undefined) output.dataset.reason = reason;
}
