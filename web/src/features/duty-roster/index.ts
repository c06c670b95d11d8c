/** What other features use of the duty roster: the on-duty line of the alarm handling dialog. */
export { SceneOnDuty } from './components/scene-on-duty.tsx';
