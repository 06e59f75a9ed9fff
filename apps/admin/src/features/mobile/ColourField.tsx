import { InlineStack, TextField } from '@shopify/polaris';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A hex colour typed or picked, with its swatch. */
export function ColourField({ label, value, onChange, error, disabled = false }: Props) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      autoComplete="off"
      error={error}
      disabled={disabled}
      maxLength={7}
      connectedRight={
        <InlineStack blockAlign="center">
          <input
            type="color"
            aria-label={`${label} picker`}
            value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000'}
            onChange={(event) => onChange(event.target.value)}
            disabled={disabled}
            style={{ width: 40, height: 32, border: 'none', background: 'none', padding: 0 }}
          />
        </InlineStack>
      }
    />
  );
}
