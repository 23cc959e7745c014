import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  smartFieldInfo,
  smartOperatorLabels,
  type SmartGroup,
  type SmartNode,
  type SmartRule,
  type SmartSort,
} from '@cadenza/contract/smart-playlists';

function fieldLabel(field: string): string {
  return smartFieldInfo(field)?.label ?? field;
}

function durationText(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function valueText(rule: SmartRule): string {
  const { value, field } = rule;
  const unit = smartFieldInfo(field)?.unit;
  const one = (item: string | number) => {
    if (typeof item === 'string') return `“${item}”`;
    if (field === 'duration') return durationText(item);
    return unit && unit !== 'seconds' ? `${item} ${unit}` : String(item);
  };
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    const [from, to] = value as readonly (string | number)[];
    return `${one(from ?? '')} to ${one(to ?? '')}`;
  }
  if (rule.operator === 'inTheLast' || rule.operator === 'notInTheLast') {
    return `${String(value)} days`;
  }
  return one(value as string | number);
}

/** "Artist contains “Nina”", "Year is in the range 1960 to 1969", "Liked is yes". */
export function ruleText(rule: SmartRule): string {
  const operator = smartOperatorLabels[rule.operator].replace(/ \(days\)$/, '');
  return `${fieldLabel(rule.field)} ${operator} ${valueText(rule)}`;
}

/** "Newest added first", "Sorted by Title, A to Z", "In random order", with the limit. */
export function orderText(sort: SmartSort, limit: number | null): string {
  const sorted =
    sort.field === 'random'
      ? 'In random order'
      : `Sorted by ${fieldLabel(sort.field)}, ${sort.order === 'asc' ? 'ascending' : 'descending'}`;
  return limit === null ? sorted : `${sorted} · at most ${limit} songs`;
}

function isRule(node: SmartNode): node is SmartRule {
  return 'field' in node;
}

function GroupSummary({ group }: { group: SmartGroup }) {
  const nodes = 'all' in group ? group.all : group.any;
  return (
    <>
      {'all' in group ? 'All of these:' : 'Any of these:'}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {nodes.map((node, index) => (
          <li key={index}>{isRule(node) ? ruleText(node) : <GroupSummary group={node} />}</li>
        ))}
      </Box>
    </>
  );
}

/** A smart playlist's rules in words, nested as they are, then their order and limit. */
export function SmartRulesSummary({
  rules,
  sort,
  limit,
}: {
  rules: SmartGroup;
  sort: SmartSort;
  limit: number | null;
}) {
  return (
    <Box component="section" aria-labelledby="smart-rules-summary-heading">
      <Typography
        id="smart-rules-summary-heading"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 700 }}
      >
        Rules
      </Typography>
      <Typography component="div" variant="body2" sx={{ color: 'text.secondary' }}>
        <GroupSummary group={rules} />
        <Box sx={{ mt: 0.5 }}>{orderText(sort, limit)}</Box>
      </Typography>
    </Box>
  );
}
