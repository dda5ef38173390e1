import { useEffect, useMemo, useState } from 'react';
import { fetchFitment } from '../../api/fitment';
import { PUBLIC_FIELD_LOOK, SelectField, TextField } from '../../components/form-field';
import { fieldId } from './booking-fields.util';
import { vehicleYearChoices } from './booking-form.util';
import type { BookingFormState } from './use-booking-form';
import { VEHICLE_COLORS, VEHICLE_MAKES, VEHICLE_MODELS_BY_MAKE } from './vehicle-data.constant';
import type { VinReading } from './vin-field.util';

// The VIN reader (its maker table) is fetched when a VIN is first typed, not with the page.
let vinReader: Promise<typeof import('./vin-field.util')> | undefined;
const loadVinReader = () => (vinReader ??= import('./vin-field.util'));
let fitmentLabels: Promise<typeof import('./fitment-hint.util')> | undefined;
const loadFitmentLabels = () => (fitmentLabels ??= import('./fitment-hint.util'));

/**
 * What the chosen vehicle's battery is, once its year, make and model are picked: null before,
 * "Looking up…" while asked, and nothing when the lookup fails (the booking goes on without it).
 */
function useFitmentHint(year: string, make: string, model: string): string | null {
  const vehicle = /^\d{4}$/.test(year) && make && model ? `${year} ${make} ${model}` : null;
  // The answer with the vehicle it is for: a newer choice shows "Looking up" until its own.
  const [answer, setAnswer] = useState<{ vehicle: string; hint: string | null } | null>(null);
  useEffect(() => {
    if (!vehicle) return;
    const request = new AbortController();
    Promise.all([
      loadFitmentLabels(),
      fetchFitment({ year: Number(year), make, model }, request.signal),
    ])
      .then(([{ fitmentHint }, rows]) => setAnswer({ vehicle, hint: fitmentHint(rows) }))
      .catch(() => request.signal.aborted || setAnswer({ vehicle, hint: null }));
    return () => request.abort();
  }, [vehicle, year, make, model]);
  if (!vehicle) return null;
  return answer?.vehicle === vehicle ? answer.hint : 'Looking up the battery your car takes…';
}

export function VehicleSection({ form }: { form: BookingFormState }) {
  const { values, bind } = form;
  const years = useMemo(() => vehicleYearChoices(), []);
  const make = values.vehicleMake ?? '';
  const models = make ? (VEHICLE_MODELS_BY_MAKE[make] ?? []) : [];
  const fitment = useFitmentHint(values.vehicleYear ?? '', make, values.vehicleModel ?? '');
  // The VIN is read here, offline, to fill the year and make; the booking does not carry it.
  const [vin, setVin] = useState('');
  const [reading, setReading] = useState<VinReading>({});
  const readTyped = (text: string, left: boolean) =>
    void loadVinReader().then(({ readVin }) => {
      const next = readVin(text, { years, makes: VEHICLE_MAKES }, left);
      setReading(next);
      if (next.fill && !left) form.fillVehicle(next.fill);
    });

  return (
    <fieldset className="pub-fieldset">
      <legend className="pub-legend">
        Vehicle Information <span className="pub-legend-note">(optional)</span>
      </legend>
      <TextField
        id={fieldId('vin')}
        name="vin"
        look={PUBLIC_FIELD_LOOK}
        label="VIN"
        hint={reading.hint ?? 'Optional: 17 characters, on the windshield or the registration'}
        error={reading.error}
        value={vin}
        onChange={(text) => {
          setVin(text);
          readTyped(text, false);
        }}
        onBlur={() => readTyped(vin, true)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={24}
      />
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
      {fitment && (
        <p className="pub-fitment" role="status">
          {fitment}
        </p>
      )}
    </fieldset>
  );
}
