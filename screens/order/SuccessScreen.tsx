import { SuccessScreen } from './ResultScreens';

export default SuccessScreen;
