import { msg } from '@lit/localize';
import type { DobProblem, EmailProblem, NameProblem, PhoneProblem } from './identity-rules.js';

/**
 * The sentences for each identity problem. Functions, not constants: msg() must run at render time so the text
 * follows the language switch. Call from render() only.
 */

export function firstNameMessage(p: NameProblem | 'server'): string {
  switch (p) {
    case 'required':
      return msg('Enter your first name.', { id: 'identity.first.required' });
    case 'too_long':
      return msg('Use 100 characters or fewer.', { id: 'identity.name.too_long' });
    case 'characters':
      return msg('Use letters only. Spaces, hyphens and apostrophes are fine.', { id: 'identity.name.characters' });
    case 'server':
      return msg('Check your first name.', { id: 'identity.first.server' });
  }
}

export function lastNameMessage(p: NameProblem | 'server'): string {
  switch (p) {
    case 'required':
      return msg('Enter your last name.', { id: 'identity.last.required' });
    case 'too_long':
      return msg('Use 100 characters or fewer.', { id: 'identity.name.too_long' });
    case 'characters':
      return msg('Use letters only. Spaces, hyphens and apostrophes are fine.', { id: 'identity.name.characters' });
    case 'server':
      return msg('Check your last name.', { id: 'identity.last.server' });
  }
}

export function phoneMessage(p: PhoneProblem | 'server'): string {
  switch (p) {
    case 'required':
      return msg('Enter your mobile phone number.', { id: 'identity.phone.required' });
    case 'length':
      return msg('Enter a 10-digit US phone number, like (512) 555-0100.', { id: 'identity.phone.length' });
    case 'invalid':
    case 'server':
      return msg('This is not a valid US phone number. Check the area code.', { id: 'identity.phone.invalid' });
  }
}

export function emailMessage(p: EmailProblem | 'server'): string {
  switch (p) {
    case 'required':
      return msg('Enter your email address.', { id: 'identity.email.required' });
    case 'format':
    case 'server':
      return msg('Enter an email address like name@example.com.', { id: 'identity.email.format' });
  }
}

export function dobMessage(p: DobProblem | 'server'): string {
  switch (p) {
    case 'required':
      return msg('Enter your date of birth.', { id: 'identity.dob.required' });
    case 'incomplete':
      return msg('Enter the month, day and year you were born.', { id: 'identity.dob.incomplete' });
    case 'incomplete_wrong':
      return msg('Enter the month, day and year you were born: a date that exists, with the year in 4 digits, for example 3 27 1985.', {
        id: 'identity.dob.incomplete_wrong',
      });
    case 'year':
      return msg('Enter the year with 4 digits, for example 1985.', { id: 'identity.dob.short_year' });
    case 'not_a_date':
      return msg('This date does not exist. Check the month and the day.', { id: 'identity.dob.not_a_date' });
    case 'not_a_date_year':
      return msg('This date does not exist and the year needs 4 digits: check the month and the day, and enter the year like 1985.', {
        id: 'identity.dob.not_a_date_year',
      });
    case 'future':
      return msg('Your date of birth must be in the past.', { id: 'identity.dob.future' });
    case 'too_old':
      return msg('Check the year you were born.', { id: 'identity.dob.too_old' });
    case 'under_18':
    case 'server':
      return msg('You must be 18 or older to sign up for electricity service.', { id: 'identity.dob.under_18' });
  }
}
