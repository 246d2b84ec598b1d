import { FailScreen } from './ResultScreens';

export default FailScreen;
