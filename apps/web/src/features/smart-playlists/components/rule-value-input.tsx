import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MAX_SMART_DAYS, MAX_SMART_TEXT_LENGTH } from '@cadenza/contract/smart-playlists';
import { fieldInfo, valueShape, type DraftRule, type DraftValue } from '../rule-tree';

/** What a number field's hint says: its unit, and how a duration may be typed. */
function numberHint(rule: DraftRule): string | undefined {
  if (rule.field === 'duration') return 'Seconds, or minutes as mm:ss';
  return fieldInfo(rule.field).unit;
}

/**
 * The value part of a rule, fitting its field and operator: text, a number (a duration in
 * seconds or mm:ss, a bit rate in kbps), a range of two, a day, two days, a number of days, or a
 * yes/no switch.
 */
export function RuleValueInput({
  rule,
  onChange,
}: {
  rule: DraftRule;
  onChange: (value: DraftValue) => void;
}) {
  const { value } = rule;
  const info = fieldInfo(rule.field);
  const set = (change: Partial<DraftValue>) => onChange({ ...value, ...change });
  const shape = valueShape(rule.field, rule.operator);

  switch (shape) {
    case 'flag':
      return (
        <FormControlLabel
          sx={{ ml: 0 }}
          control={
            <Switch
              checked={value.flag}
              onChange={(event) => set({ flag: event.target.checked })}
            />
          }
          label={value.flag ? `${info.label}: yes` : `${info.label}: no`}
        />
      );
    case 'text':
      return (
        <TextField
          size="small"
          label="Value"
          value={value.from}
          onChange={(event) => set({ from: event.target.value })}
          slotProps={{ htmlInput: { maxLength: MAX_SMART_TEXT_LENGTH } }}
          fullWidth
        />
      );
    case 'number':
      return (
        <TextField
          size="small"
          label="Value"
          value={value.from}
          onChange={(event) => set({ from: event.target.value })}
          helperText={numberHint(rule)}
          slotProps={{ htmlInput: { inputMode: rule.field === 'duration' ? 'text' : 'decimal' } }}
          fullWidth
        />
      );
    case 'days':
      return (
        <TextField
          size="small"
          type="number"
          label="Days"
          value={value.from}
          onChange={(event) => set({ from: event.target.value })}
          slotProps={{ htmlInput: { min: 1, max: MAX_SMART_DAYS, step: 1 } }}
          fullWidth
        />
      );
    case 'day':
      return (
        <TextField
          size="small"
          type="date"
          label="Date"
          value={value.from}
          onChange={(event) => set({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      );
    case 'numberRange':
    case 'dayRange': {
      const type = shape === 'dayRange' ? 'date' : 'text';
      const hint = shape === 'numberRange' ? numberHint(rule) : undefined;
      const slotProps =
        shape === 'dayRange'
          ? { inputLabel: { shrink: true } }
          : { htmlInput: { inputMode: rule.field === 'duration' ? 'text' : 'decimal' } };
      return (
        <Stack direction="row" spacing={1} sx={{ width: '100%' }}>
          <TextField
            size="small"
            type={type}
            label="From"
            value={value.from}
            onChange={(event) => set({ from: event.target.value })}
            helperText={hint}
            slotProps={slotProps}
            fullWidth
          />
          <TextField
            size="small"
            type={type}
            label="To"
            value={value.to}
            onChange={(event) => set({ to: event.target.value })}
            slotProps={slotProps}
            fullWidth
          />
        </Stack>
      );
    }
  }
}
