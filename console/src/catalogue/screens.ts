import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import { type FolderScreens, screen } from '../common/screen.js';

/** The catalogue: the cars and one car. */
export const catalogueScreens: FolderScreens = {
  resources: [
    {
      name: 'cars',
      list: screen(() => import('./CarList.js'), 'CarList'),
      show: screen(() => import('./CarShow.js'), 'CarShow'),
      recordRepresentation: 'title',
    },
  ],
  menu: [{ to: '/cars', label: 'vpo.menu.cars', icon: DirectionsCarIcon, route: 'GET /api/v1/cars' }],
};
