import { WaitResultScreen } from './ResultScreens';

export default WaitResultScreen;
