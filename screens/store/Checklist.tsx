import { useId, useState } from 'react';

export interface ChecklistItem {
  id: number;
  label: string;
}

interface ChecklistProps {
  title: string;
  items: ChecklistItem[];
  selected: number[];
  onChange: (selected: number[]) => void;
  testId?: string;
}

/** A collapsible list of checkboxes (vendor, type, and the status lists that list screens reuse). */
export function Checklist({ title, items, selected, onChange, testId }: ChecklistProps) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id]);

  return (
    <fieldset className="store-checklist" data-testid={testId}>
      <legend>
        <button
          type="button"
          className="store-checklist__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {title}
        </button>
      </legend>
      {open && (
        <ul id={listId} className="store-checklist__items">
          {items.map((item) => (
            <li key={item.id}>
              <label>
                <input type="checkbox" value={item.id} checked={selected.includes(item.id)} onChange={() => toggle(item.id)} />
                {item.label}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
