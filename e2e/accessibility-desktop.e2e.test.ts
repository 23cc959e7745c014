import { accessibilitySuite } from './support/accessibility-suite';

accessibilitySuite('desktop', { light: true });
