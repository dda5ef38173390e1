import { useMemo } from 'react';
import { SelectField } from './booking-fields';
import { vehicleYearChoices } from './booking-form.util';
import type { BookingFormState } from './use-booking-form';
import { VEHICLE_COLORS, VEHICLE_MAKES, VEHICLE_MODELS_BY_MAKE } from './vehicle-data.constant';

export function VehicleSection({ form }: { form: BookingFormState }) {
  const { values, errors, setText } = form;
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
          name="vehicleYear"
          label="Vehicle Year"
          placeholder="Select year"
          options={years}
          value={values.vehicleYear ?? ''}
          onChange={(v) => setText('vehicleYear', v)}
          error={errors.vehicleYear}
        />
        <SelectField
          name="vehicleMake"
          label="Make"
          placeholder="Select make"
          options={VEHICLE_MAKES}
          value={make}
          onChange={(v) => setText('vehicleMake', v)}
          error={errors.vehicleMake}
        />
        <SelectField
          name="vehicleModel"
          label="Model"
          placeholder={make ? 'Select model' : 'Select make first'}
          options={models}
          value={values.vehicleModel ?? ''}
          onChange={(v) => setText('vehicleModel', v)}
          disabled={!make}
          error={errors.vehicleModel}
        />
        <SelectField
          name="vehicleColor"
          label="Color"
          placeholder="Select color"
          options={VEHICLE_COLORS}
          value={values.vehicleColor ?? ''}
          onChange={(v) => setText('vehicleColor', v)}
          error={errors.vehicleColor}
        />
      </div>
    </fieldset>
  );
}
