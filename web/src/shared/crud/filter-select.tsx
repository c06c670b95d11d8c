import { Select } from 'antd';

/** A list filter picking one value of a few (a kind, a type); cleared, it filters nothing. */
export function FilterSelect<Value extends string | number>({
  label,
  value,
  onChange,
  options,
  minWidth = 160,
}: {
  /** Placeholder and accessible name. */
  label: string;
  value: Value | null;
  onChange: (value: Value | null) => void;
  options: { value: Value; label: string }[];
  minWidth?: number;
}) {
  return (
    <Select<Value>
      allowClear
      placeholder={label}
      aria-label={label}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      options={options}
      style={{ minWidth }}
    />
  );
}
