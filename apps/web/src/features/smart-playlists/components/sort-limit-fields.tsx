import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  MAX_SMART_LIMIT,
  smartFieldCatalogue,
  smartSortFields,
  type SmartSortField,
} from '@cadenza/contract/smart-playlists';

export interface DraftOrder {
  field: SmartSortField;
  order: 'asc' | 'desc';
  /** As typed; empty for every song that matches. */
  limit: string;
}

/** The order of the songs (a field and a direction, or random) and how many of them at most. */
export function SortLimitFields({
  value,
  onChange,
}: {
  value: DraftOrder;
  onChange: (value: DraftOrder) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <TextField
        select
        size="small"
        label="Sort by"
        value={value.field}
        onChange={(event) => {
          const field = smartSortFields.find((known) => known === event.target.value);
          if (field) onChange({ ...value, field });
        }}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 180 }}
      >
        {smartFieldCatalogue.map((info) => (
          <option key={info.field} value={info.field}>
            {info.label}
          </option>
        ))}
        <option value="random">Random</option>
      </TextField>
      <TextField
        select
        size="small"
        label="Order"
        value={value.order}
        disabled={value.field === 'random'}
        onChange={(event) =>
          onChange({ ...value, order: event.target.value === 'desc' ? 'desc' : 'asc' })
        }
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 160 }}
      >
        <option value="asc">Ascending</option>
        <option value="desc">Descending</option>
      </TextField>
      <TextField
        size="small"
        type="number"
        label="Limit"
        value={value.limit}
        onChange={(event) => onChange({ ...value, limit: event.target.value })}
        helperText="Most songs to hold; empty for all"
        slotProps={{ htmlInput: { min: 1, max: MAX_SMART_LIMIT, step: 1 } }}
        sx={{ minWidth: 160 }}
      />
    </Stack>
  );
}
