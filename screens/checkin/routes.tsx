import { useState } from 'react';
import { currentLocation } from '../../src/app/navigation';
import AdDurationScreen from './AdDurationScreen';
import { MedalDetailScreen, MedalIndexScreen, MedalListScreen } from './MedalScreens';
import SignScoreScreen from './SignScoreScreen';
import SignScreen from './SignScreen';

/**
 * Every screen of the check-in and ambassador area behind one lazy module (one route-table import):
 * the screen is picked by the path this instance was opened at (a kept-alive instance keeps its screen).
 */
const screens: Record<string, () => React.JSX.Element> = {
  '/sign': SignScreen,
  '/mine/signscore': SignScoreScreen,
  '/mine/adDuration': AdDurationScreen,
  '/mine/medal/index': MedalIndexScreen,
  '/mine/medal/detail': MedalDetailScreen,
  '/mine/medal/list': MedalListScreen,
};


export default function CheckInArea() {
  const [path] = useState(() => currentLocation().path);
  const Screen = screens[path] ?? SignScreen;
  return <Screen />;
}
