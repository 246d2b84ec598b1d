import { useState, type ComponentType } from 'react';
import { retryableLazy } from '../../src/app/lazyScreen';
import { currentLocation } from '../../src/app/navigation';
import ChatRoomScreen from './ChatRoomScreen';

/**
 * The customer-service area (issue 15) behind ONE lazy module of the route table: this component
 * picks the screen by the path it was opened at (a kept-alive screen keeps its own path).
 */
const ContactList = retryableLazy(() => import('./ContactListScreen'));
const Help = retryableLazy(() => import('./HelpScreen'));
const WorkOrderList = retryableLazy(() => import('./WorkOrderListScreen'));
const WorkOrderAdd = retryableLazy(() => import('./WorkOrderAddScreen'));
const WorkOrderDetail = retryableLazy(() => import('./WorkOrderDetailScreen'));
const Desk = retryableLazy(() => import('./DeskScreen'));
const OnlineService = () => <ChatRoomScreen platform />;

export const customerServicePaths = {
  '/contactorList': ContactList,
  '/chatRoom': ChatRoomScreen,
  '/mine/onlinecustomerservice': OnlineService,
  '/mine/customerService': Help,
  '/workorder/workorderlist': WorkOrderList,
  '/workorder/workorderadd': WorkOrderAdd,
  '/workorder/workorderdetail': WorkOrderDetail,
  '/platform/console/service': Desk,
} satisfies Record<string, ComponentType>;

export default function CustomerServiceArea() {
  const [path] = useState(() => currentLocation().path);
  const Screen = (customerServicePaths as Record<string, ComponentType>)[path] ?? Help;
  return <Screen />;
}
