import { expect } from '@open-wc/testing';
import { brandName, expiry } from '../../src/steps/payment/card-brand.js';
import type { PaymentMethod } from '../../src/api/types.js';

const card = (month: number, year: number): PaymentMethod => ({
  type: 'STRIPE_CARD',
  card_brand: 'mastercard',
  card_last4: '4444',
  card_exp_month: month,
  card_exp_year: year,
  card_postal_code: null,
});

describe('card brand and expiry', () => {
  it('writes the expiry as the card prints it, two-digit month, in English and Spanish', () => {
    expect(expiry(card(8, 2030), 'en')).to.equal('08/2030');
    expect(expiry(card(8, 2030), 'es')).to.equal('08/2030');
    expect(expiry(card(12, 2031), 'es')).to.equal('12/2031');
  });

  it('names brands as proper nouns', () => {
    expect(brandName('mastercard')).to.equal('Mastercard');
    expect(brandName('amex')).to.equal('American Express');
    expect(brandName('newbrand')).to.equal('Newbrand');
  });
});
