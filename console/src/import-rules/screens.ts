import GavelIcon from '@mui/icons-material/Gavel';
import { type FolderScreens, screen } from '../common/screen.js';

const rules = () => import('./ImportRules.js');

/** The import rules in force: the list, and one country's rule to edit (admin). */
export const importRulesScreens: FolderScreens = {
  resources: [
    {
      name: 'import-rules',
      list: screen(rules, 'ImportRuleList'),
      edit: screen(rules, 'ImportRuleEdit'),
      recordRepresentation: 'country',
    },
  ],
  // In the menu of whoever may change them (admins); everyone reads them from the car and order pages' link.
  menu: [
    {
      to: '/import-rules',
      label: 'vpo.menu.importRules',
      icon: GavelIcon,
      route: 'PUT /api/v1/import-rules/{country}',
    },
  ],
};
