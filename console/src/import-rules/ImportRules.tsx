import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  DataTable,
  DateInput,
  Edit,
  List,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { AGE_COUNTED_FROM, AGE_COUNTED_TO, DAMAGE_KINDS, REFUSABLE_FUELS } from '../api/enums.js';
import type { ImportRule } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { ConfirmDialog } from '../common/ConfirmDialog.js';
import { When } from '../common/format.js';
import { ListBody } from '../common/ListBody.js';
import { ListEmpty } from '../common/ListEmpty.js';
import { ListError } from '../common/ListError.js';
import { ListHeading } from '../common/ListHeading.js';
import { useAction } from '../common/useAction.js';
import { useCountry } from './countries.js';
import type { ImportRulesActions } from './data.js';

type RuleRow = ImportRule & { id: string };
type Translate = ReturnType<typeof useTranslate>;

/** The age limit in words: "at most 5 years old, counted from the model year to the order date", or no limit. */
export function ageText(
  rule: Pick<ImportRule, 'maxAgeYears' | 'ageCountedFrom' | 'ageCountedTo'>,
  translate: Translate,
) {
  if (rule.maxAgeYears === undefined) return translate('vpo.importRules.noLimit');
  return `${translate('vpo.importRules.maxAge', { smart_count: rule.maxAgeYears })}, ${translate(
    'vpo.importRules.counted',
    {
      from: translate(`vpo.importRules.from.${rule.ageCountedFrom}`),
      to: translate(`vpo.importRules.to.${rule.ageCountedTo}`),
    },
  )}`;
}

function damageText(rule: ImportRule, translate: Translate) {
  return rule.refusedDamage.length
    ? rule.refusedDamage.map((kind) => translate(`vpo.importRules.damage.${kind}`)).join('، ')
    : translate('vpo.common.none');
}

function OriginChip({ rule }: { rule: ImportRule }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={rule.origin === 'tenant' ? 'primary' : 'default'}
      label={translate(`vpo.importRules.origin.${rule.origin}`)}
    />
  );
}

function Confirmed({ rule }: { rule: ImportRule }) {
  const translate = useTranslate();
  return rule.confirmed ? (
    translate('vpo.common.yes')
  ) : (
    <Chip size="small" color="warning" variant="outlined" label={translate('vpo.importRules.unconfirmed')} />
  );
}

/** The rules in force for the tenant, one per destination, with where each figure comes from. */
export function ImportRuleList() {
  const translate = useTranslate();
  const country = useCountry();
  const { can } = useMe();
  const editable = can('PUT /api/v1/import-rules/{country}');
  return (
    <>
      <ListHeading />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('vpo.importRules.intro')}
      </Typography>
      {!editable && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('vpo.importRules.readOnly')}
        </Alert>
      )}
      <List
        pagination={false}
        exporter={false}
        actions={false}
        empty={<ListEmpty />}
        error={<ListError />}
        storeKey={false}
        disableSyncWithLocation
      >
        <ListBody
          phone={
            <SimpleList<RuleRow>
              rowClick={editable ? 'edit' : false}
              primaryText={(rule) => country(rule.country)}
              secondaryText={(rule) => ageText(rule, translate)}
              tertiaryText={(rule) => translate(`vpo.importRules.origin.${rule.origin}`)}
            />
          }
        >
          <DataTable rowClick={editable ? 'edit' : false} bulkActionButtons={false}>
            <DataTable.Col source="country" disableSort render={(rule: RuleRow) => country(rule.country)} />
            <DataTable.Col
              source="maxAgeYears"
              label="resources.import-rules.fields.age"
              disableSort
              render={(rule: RuleRow) => ageText(rule, translate)}
            />
            <DataTable.Col source="refusedDamage" disableSort render={(rule: RuleRow) => damageText(rule, translate)} />
            <DataTable.Col source="origin" disableSort render={(rule: RuleRow) => <OriginChip rule={rule} />} />
            <DataTable.Col source="confirmed" disableSort render={(rule: RuleRow) => <Confirmed rule={rule} />} />
            <DataTable.Col source="asOf" disableSort render={(rule: RuleRow) => <When iso={rule.asOf} day />} />
            <DataTable.Col
              source="source"
              disableSort
              render={(rule: RuleRow) => (
                <Typography variant="body2" sx={{ maxWidth: 420 }}>
                  <bdi>{rule.source}</bdi>
                </Typography>
              )}
            />
          </DataTable>
        </ListBody>
      </List>
    </>
  );
}

/** "Return to the default": drops the tenant's own rule, asked first; shown only on a rule of the tenant's own. */
function ReturnToDefault() {
  const rule = useRecordContext<RuleRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const country = useCountry();
  const { can } = useMe();
  const { run, busy } = useAction<ImportRulesActions>();
  const [asking, setAsking] = useState(false);
  if (rule?.origin !== 'tenant' || !can('DELETE /api/v1/import-rules/{country}')) return null;
  const name = country(rule.country);
  return (
    <>
      <Button color="warning" disabled={busy} onClick={() => setAsking(true)}>
        {translate('vpo.importRules.returnToDefault')}
      </Button>
      <ConfirmDialog
        open={asking}
        title="vpo.importRules.returnTitle"
        content="vpo.importRules.returnContent"
        options={{ country: name }}
        confirm="vpo.importRules.returnToDefault"
        ending
        busy={busy}
        onConfirm={() =>
          void run((dp) => dp.returnToDefault(rule.country, rule.version), {
            onSuccess: (answer) => {
              const message =
                answer.origin === 'none'
                  ? translate('vpo.importRules.noneLeft', { country: name })
                  : translate('vpo.importRules.returned', { country: name });
              notify(message, { type: 'success', messageArgs: { _: message } });
              redirect('list', 'import-rules');
            },
          }).then(() => setAsking(false))
        }
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function RuleTitle() {
  const rule = useRecordContext<RuleRow>();
  const translate = useTranslate();
  const country = useCountry();
  if (!rule) return null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 2 }}>
      <Typography component="h1" variant="h5">
        {translate('vpo.importRules.editTitle', { country: country(rule.country) })}
      </Typography>
      <OriginChip rule={rule} />
      <Typography variant="body2" color="text.secondary">
        {translate('vpo.common.version', { version: rule.version })}
      </Typography>
    </Stack>
  );
}

/** One country's rule (admin): saving sets the tenant's own version; a tenant's own may go back to the default. */
export function ImportRuleEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const country = useCountry();
  const field = (name: string) => `resources.import-rules.fields.${name}`;
  return (
    <Edit
      mutationMode="pessimistic"
      title={<RuleHeading />}
      actions={false}
      mutationOptions={{
        onSuccess: (rule: RuleRow) => {
          const message = translate('vpo.importRules.saved', { country: country(rule.country) });
          notify(message, { type: 'success', messageArgs: { _: message } });
        },
      }}
      redirect={false}
    >
      <RuleTitle />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, px: 2 }}>
        {translate('vpo.importRules.editHelp')}
      </Typography>
      <SimpleForm
        toolbar={
          <Toolbar sx={{ gap: 1 }}>
            <SaveButton />
            <ReturnToDefault />
          </Toolbar>
        }
      >
        <NumberInput source="maxAgeYears" step={1} min={0} helperText="vpo.importRules.noLimit" />
        <SelectInput
          source="ageCountedFrom"
          choices={AGE_COUNTED_FROM.map((id) => ({ id, name: translate(`vpo.importRules.from.${id}`) }))}
        />
        <SelectInput
          source="ageCountedTo"
          choices={AGE_COUNTED_TO.map((id) => ({ id, name: translate(`vpo.importRules.to.${id}`) }))}
        />
        <CheckboxGroupInput
          source="refusedDamage"
          choices={DAMAGE_KINDS.map((id) => ({ id, name: translate(`vpo.importRules.damage.${id}`) }))}
        />
        <CheckboxGroupInput
          source="fuelTypesRefused"
          choices={REFUSABLE_FUELS.map((id) => ({ id, name: translate(`vpo.customs.fuel.${id}`, { _: id }) }))}
        />
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <NumberInput source="engine.minCc" label={field('engine.minCc')} step={1} min={0} />
          <NumberInput source="engine.maxCc" label={field('engine.maxCc')} step={1} min={0} />
        </Stack>
        <ArrayInput source="documents">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="" label={field('documents')} fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
        <ArrayInput source="permits">
          <SimpleFormIterator disableReordering>
            <TextInput source="name" label={field('permits.name')} fullWidth />
            <NumberInput source="engineOverCc" label={field('permits.engineOverCc')} step={1} min={0} />
            <TextInput source="note" label={field('permits.note')} fullWidth multiline />
          </SimpleFormIterator>
        </ArrayInput>
        <TextInput source="note" fullWidth multiline />
        <TextInput source="source" fullWidth multiline />
        <DateInput source="asOf" />
        <BooleanInput source="confirmed" />
      </SimpleForm>
    </Edit>
  );
}

/** The app bar's title for the edit screen. */
function RuleHeading() {
  const rule = useRecordContext<RuleRow>();
  const translate = useTranslate();
  const country = useCountry();
  return <>{rule ? translate('vpo.importRules.editTitle', { country: country(rule.country) }) : ''}</>;
}
