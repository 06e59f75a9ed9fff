import { Icon, TextField } from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';

interface Props {
  label: string;
  /** Said in the empty field: the label's words unless told. */
  placeholder?: string;
  /** The label for assistive technology only, where the placeholder says it. */
  labelHidden?: boolean;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}

/** A search box as the admin's lists have it: the search icon, a clear button, no autofill. */
export function SearchField(props: Props) {
  const { label, placeholder = label, labelHidden, value, onChange, maxLength } = props;
  return (
    <TextField
      label={label}
      labelHidden={labelHidden}
      placeholder={placeholder}
      prefix={<Icon source={SearchIcon} />}
      value={value}
      onChange={onChange}
      clearButton
      onClearButtonClick={() => onChange('')}
      maxLength={maxLength}
      autoComplete="off"
    />
  );
}
