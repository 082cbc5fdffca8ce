/**
 * Digits pasted from a full-width keyboard (１２３…, an Asian keyboard's or a document's) are digits: the SSN and an
 * ESI ID read them, as the identity step's phone and birth date do; the SSN is never emptied by them. Names and email
 * addresses are checked without the invisible characters a paste brings.
 */
import { expect } from '@open-wc/testing';
import { formatSsn, ssnDigits, ssnProblem } from '../../src/steps/credit/ssn.js';
import { esiIdDigits, esiIdProblem } from '../../src/steps/address/esi-id.js';
import { emailProblem, nameProblem, visible } from '../../src/steps/identity/identity-rules.js';

describe('pasted characters', () => {
  it('full-width digits in an SSN are its digits, formatted as typed', () => {
    expect(ssnDigits('１２３-４５-６７８９')).to.equal('123456789');
    expect(formatSsn('１２３４５')).to.equal('123-45');
    expect(ssnProblem('１２３-４５-６７８９')).to.equal(null);
  });

  it('a full-width ESI ID is an ESI ID', () => {
    expect(esiIdDigits('１０４４３７２２０３００５００１０')).to.equal('10443722030050010');
    expect(esiIdProblem('１０４４３７２２０３００５００１０')).to.equal(null);
  });

  it('names and email addresses are checked as they are seen: without invisible format characters', () => {
    expect(nameProblem('\u200FAna')).to.equal(null);
    expect(nameProblem('Ana\u200B')).to.equal(null);
    expect(nameProblem('\u200B')).to.equal('required');
    expect(nameProblem('Farzaneh\u200cpour'), 'a Persian name with its zero-width non-joiner').to.equal(null);
    expect(emailProblem('ana\u200B@example.com')).to.equal(null);
    expect(visible('ana\u200d@example.com'), 'no joiner in an email address').to.equal('ana@example.com');
  });
});
