export { AlarmPanel } from './components/alarm-panel.tsx';
