/**
 * The filters above a panel list (orders, sign-ups): a choice among codes, and a search with its
 * hint. Each change starts the list again from its first page (`onChange` says so).
 */

export function SelectFilter<Code extends string>({
  id,
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: Code | "";
  /** The first choice: no filter. */
  allLabel: string;
  options: readonly { code: Code; label: string }[];
  onChange: (value: Code | "") => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Code | "")}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SearchFilter({
  id,
  label,
  hint,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field admin-filters__search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        placeholder={placeholder}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="admin-hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}
