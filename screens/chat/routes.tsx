import { lazy, useState, type ComponentType } from 'react';
import { currentLocation } from '../../src/app/navigation';
import ChatRoomScreen from './ChatRoomScreen';

/**
 * The customer-service area (issue 15) behind ONE lazy module of the route table: this component
 * picks the screen by the path it was opened at (a kept-alive screen keeps its own path).
 */
const ContactList = lazy(() => import('./ContactListScreen'));
const Help = lazy(() => import('./HelpScreen'));
const WorkOrderList = lazy(() => import('./WorkOrderListScreen'));
const WorkOrderAdd = lazy(() => import('./WorkOrderAddScreen'));
const WorkOrderDetail = lazy(() => import('./WorkOrderDetailScreen'));
const Desk = lazy(() => import('./DeskScreen'));
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
