import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { canNestIn, newGroup, newRule, type DraftGroup, type DraftNode } from '../rule-tree';
import { RuleRow } from './rule-row';

/** What a group asks of the whole tree: to change, drop or add a node, and whether one fits. */
export interface TreeEditing {
  update: (id: string, change: (node: DraftNode) => DraftNode) => void;
  remove: (id: string) => void;
  /** How many more rules and groups the tree may hold. */
  room: number;
  /** The rule just added, whose field takes the focus when it appears. */
  focusId: string | null;
  /** Marks the rule that should take the focus next. */
  focusOn: (id: string) => void;
}

/**
 * A group of rules that all hold, or of which any holds: its rules and nested groups, each
 * numbered by where it sits ("Rule 2.1" is the first rule of the second item's group).
 */
export function RuleGroupEditor({
  group,
  name,
  path,
  depth,
  editing,
  onRemove,
}: {
  group: DraftGroup;
  /** How the group is announced: "Rules" at the top, "Group 2" below it. */
  name: string;
  /** The group's number ("2.1"), empty at the top. */
  path: string;
  /** 1 at the top. */
  depth: number;
  editing: TreeEditing;
  /** Drops this group (not given at the top, which stays). */
  onRemove?: () => void;
}) {
  const top = depth === 1;
  // A removed rule or group takes the focus with it: it moves to this group's Add rule.
  const addRuleButton = useRef<HTMLButtonElement>(null);
  const removeChild = (id: string) => {
    editing.remove(id);
    addRuleButton.current?.focus();
  };
  const add = (node: DraftNode) => {
    editing.update(group.id, (current) =>
      current.kind === 'group' ? { ...current, children: [...current.children, node] } : current,
    );
    editing.focusOn(node.kind === 'group' ? (node.children[0]?.id ?? node.id) : node.id);
  };
  return (
    <Box
      role="group"
      aria-label={name}
      sx={{
        display: 'grid',
        gap: 1.5,
        ...(top
          ? {}
          : {
              p: { xs: 1, sm: 1.5 },
              borderLeft: 3,
              borderColor: group.match === 'all' ? 'primary.main' : 'secondary.main',
              borderRadius: 1,
              bgcolor: 'action.hover',
            }),
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Songs match"
          value={group.match}
          onChange={(event) => {
            const match = event.target.value === 'any' ? 'any' : 'all';
            editing.update(group.id, (current) =>
              current.kind === 'group' ? { ...current, match } : current,
            );
          }}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="all">all of these rules</option>
          <option value="any">any of these rules</option>
        </TextField>
        <Box sx={{ flex: 1 }} />
        {onRemove && (
          <IconButton aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove}>
            <DeleteOutlineIcon />
          </IconButton>
        )}
      </Stack>
      {group.children.map((child, index) => {
        const number = path ? `${path}.${index + 1}` : String(index + 1);
        return child.kind === 'rule' ? (
          <RuleRow
            key={child.id}
            rule={child}
            name={`Rule ${number}`}
            autoFocus={child.id === editing.focusId}
            onChange={(rule) => editing.update(child.id, () => rule)}
            onRemove={() => removeChild(child.id)}
          />
        ) : (
          <RuleGroupEditor
            key={child.id}
            group={child}
            name={`Group ${number}`}
            path={number}
            depth={depth + 1}
            editing={editing}
            onRemove={() => removeChild(child.id)}
          />
        );
      })}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          ref={addRuleButton}
          size="small"
          startIcon={<AddIcon />}
          aria-label={top ? undefined : `Add rule to ${name.toLowerCase()}`}
          disabled={editing.room < 1}
          onClick={() => add(newRule())}
        >
          Add rule
        </Button>
        <Button
          size="small"
          startIcon={<PlaylistAddIcon />}
          aria-label={top ? undefined : `Add group to ${name.toLowerCase()}`}
          disabled={editing.room < 2 || !canNestIn(depth)}
          onClick={() => add(newGroup(group.match === 'all' ? 'any' : 'all'))}
        >
          Add group
        </Button>
      </Stack>
    </Box>
  );
}
