import { useMemo } from 'react';
import { SelectField } from '../../components/form-field';
import { vehicleYearChoices } from './booking-form.util';
import type { BookingFormState } from './use-booking-form';
import { VEHICLE_COLORS, VEHICLE_MAKES, VEHICLE_MODELS_BY_MAKE } from './vehicle-data.constant';

export function VehicleSection({ form }: { form: BookingFormState }) {
  const { values, bind } = form;
  const years = useMemo(() => vehicleYearChoices(), []);
  const make = values.vehicleMake ?? '';
  const models = make ? (VEHICLE_MODELS_BY_MAKE[make] ?? []) : [];

  return (
    <fieldset className="pub-fieldset">
      <legend className="pub-legend">
        Vehicle Information <span className="pub-legend-note">(optional)</span>
      </legend>
      <div className="pub-grid pub-grid--2">
        <SelectField
          {...bind('vehicleYear', { checkOnBlur: false })}
          label="Vehicle Year"
          placeholder="Select year"
          options={years}
        />
        <SelectField
          {...bind('vehicleMake', { checkOnBlur: false })}
          label="Make"
          placeholder="Select make"
          options={VEHICLE_MAKES}
        />
        <SelectField
          {...bind('vehicleModel', { checkOnBlur: false })}
          label="Model"
          placeholder={make ? 'Select model' : 'Select make first'}
          options={models}
          disabled={!make}
        />
        <SelectField
          {...bind('vehicleColor', { checkOnBlur: false })}
          label="Color"
          placeholder="Select color"
          options={VEHICLE_COLORS}
        />
      </div>
    </fieldset>
  );
}
