import { fieldErrorId } from '../../components/form-field';

/** The booking form's control ids, booking-<field>: a failed submit focuses the first invalid one. */
export const fieldId = (name: string) => `booking-${name}`;
export const errorId = (name: string) => fieldErrorId(fieldId(name));
