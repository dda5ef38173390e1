import { renderToStaticMarkup } from 'react-dom/server';
import {
  PUBLIC_FIELD_LOOK,
  STAFF_FORM_LOOK,
  SelectField,
  TextAreaField,
  TextField,
} from './form-field';

const noop = () => undefined;

/** An empty control of the booking form: its id, the public look, no value yet. */
const bookingControl = (id: string) => ({ id, look: PUBLIC_FIELD_LOOK, value: '', onChange: noop });

/** The attributes of the first <tag> in the markup, by name. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const open = html.match(new RegExp(`<${tag}\\b([^>]*)>`))?.[1] ?? '';
  return Object.fromEntries([...open.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe('form fields', () => {
  it('tie the label, the hint and the error to the control, in the public look', () => {
    const html = renderToStaticMarkup(
      <TextField
        {...bookingControl('booking-zip')}
        name="zip"
        label="ZIP Code"
        required
        hint="Five digits"
        error="ZIP code is required"
      />,
    );
    expect(attributesOf(html, 'div')).toEqual({ class: 'pub-field pub-field--invalid' });
    expect(html).toContain(
      '<label class="pub-label" for="booking-zip">ZIP Code' +
        '<span class="pub-required" aria-hidden="true"> *</span></label>',
    );
    expect(attributesOf(html, 'input')).toEqual({
      class: 'pub-input',
      id: 'booking-zip',
      name: 'zip',
      type: 'text',
      value: '',
      'aria-required': 'true',
      'aria-invalid': 'true',
      'aria-describedby': 'booking-zip-hint booking-zip-error',
    });
    expect(html).toContain('<p class="pub-hint" id="booking-zip-hint">Five digits</p>');
    expect(html).toContain('<p class="pub-error" id="booking-zip-error">ZIP code is required</p>');
  });

  it('add nothing while the field is valid and optional, in the staff look', () => {
    const html = renderToStaticMarkup(
      <TextField id="login-password" label="Password" type="password" value="" onChange={noop} />,
    );
    expect(html).toMatch(
      /^<div class="field"><label for="login-password">Password<\/label><input /,
    );
    expect(attributesOf(html, 'input')).toEqual({
      id: 'login-password',
      type: 'password',
      value: '',
    });
    expect(html).toMatch(/\/><\/div>$/);
  });

  it('mark a required staff field with aria-required only: the staff look shows no asterisk', () => {
    const html = renderToStaticMarkup(
      <TextField id="login-username" label="Username" required value="" onChange={noop} />,
    );
    expect(attributesOf(html, 'input')['aria-required']).toBe('true');
    expect(html).not.toContain('*');
  });

  it('give the select an empty first option, and the select and textarea their classes', () => {
    const select = renderToStaticMarkup(
      <SelectField
        {...bookingControl('booking-state')}
        value="KY"
        label="State"
        placeholder="Select state"
        options={['OH', 'KY']}
      />,
    );
    expect(attributesOf(select, 'select').class).toBe('pub-input pub-select');
    expect(select).toContain(
      '<option value="">Select state</option><option value="OH">OH</option>',
    );
    expect(select).toContain('<option value="KY" selected="">KY</option>');

    const area = renderToStaticMarkup(
      <TextAreaField {...bookingControl('booking-notes')} label="Notes" />,
    );
    expect(attributesOf(area, 'textarea').class).toBe('pub-input pub-textarea');
  });

  it('take options whose label differs from their value, and disabled ones', () => {
    const html = renderToStaticMarkup(
      <SelectField
        id="battery"
        label="Select Battery"
        value="7"
        onChange={noop}
        placeholder="Select battery from inventory"
        options={[
          { value: '7', label: 'AGM 48 - Group 48 (Stock: 3)' },
          { value: '8', label: 'Flooded 24 - FL-24 (Stock: 0)', disabled: true },
        ]}
      />,
    );
    expect(html).toContain(
      '<option value="">Select battery from inventory</option>' +
        '<option value="7" selected="">AGM 48 - Group 48 (Stock: 3)</option>' +
        '<option value="8" disabled="">Flooded 24 - FL-24 (Stock: 0)</option>',
    );
  });

  it("show the required mark in the back office's form look", () => {
    const html = renderToStaticMarkup(
      <TextField
        id="serial"
        label="Battery Serial Number"
        required
        look={STAFF_FORM_LOOK}
        value=""
        onChange={noop}
      />,
    );
    expect(html).toContain(
      '<label for="serial">Battery Serial Number' +
        '<span class="field-required" aria-hidden="true"> *</span></label>',
    );
  });
});
