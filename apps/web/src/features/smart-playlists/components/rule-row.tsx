import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import {
  smartFieldCatalogue,
  smartFieldInfo,
  smartOperatorLabels,
} from '@cadenza/contract/smart-playlists';
import { fieldInfo, withField, withOperator, type DraftRule } from '../rule-tree';
import { RuleValueInput } from './rule-value-input';

/** On a phone the two selects share a row: a long choice ends in "…" rather than mid-word. */
const CUT_WITH_ELLIPSIS = { '& select': { textOverflow: 'ellipsis' } } as const;

/** One rule: field, then the operators of the field's type, then a value input fitting both. */
export function RuleRow({
  rule,
  name,
  autoFocus,
  onChange,
  onRemove,
}: {
  rule: DraftRule;
  /** Just added by the listener: its field takes the focus. */
  autoFocus?: boolean;
  /** How the rule is announced: "Rule 2.1". */
  name: string;
  onChange: (rule: DraftRule) => void;
  onRemove: () => void;
}) {
  const { operators } = fieldInfo(rule.field);
  return (
    <Box
      role="group"
      aria-label={name}
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr) minmax(0, 1fr) auto',
          md: 'minmax(9rem, 1fr) minmax(9rem, 1fr) minmax(0, 2fr) auto',
        },
        gridTemplateAreas: {
          xs: '"field operator remove" "value value value"',
          md: '"field operator value remove"',
        },
      }}
    >
      <TextField
        select
        size="small"
        label="Field"
        autoFocus={autoFocus}
        value={rule.field}
        onChange={(event) => {
          const picked = smartFieldInfo(event.target.value);
          if (picked) onChange(withField(rule, picked.field));
        }}
        slotProps={{ select: { native: true } }}
        sx={{ gridArea: 'field', ...CUT_WITH_ELLIPSIS }}
      >
        {smartFieldCatalogue.map((info) => (
          <option key={info.field} value={info.field}>
            {info.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Operator"
        value={rule.operator}
        onChange={(event) => {
          const picked = operators.find((operator) => operator === event.target.value);
          if (picked) onChange(withOperator(rule, picked));
        }}
        slotProps={{ select: { native: true } }}
        sx={{ gridArea: 'operator', ...CUT_WITH_ELLIPSIS }}
      >
        {operators.map((operator) => (
          <option key={operator} value={operator}>
            {smartOperatorLabels[operator]}
          </option>
        ))}
      </TextField>
      <Box sx={{ gridArea: 'value', minWidth: 0 }}>
        <RuleValueInput rule={rule} onChange={(value) => onChange({ ...rule, value })} />
      </Box>
      <IconButton
        aria-label={`Remove ${name.toLowerCase()}`}
        onClick={onRemove}
        sx={{ gridArea: 'remove' }}
      >
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}
