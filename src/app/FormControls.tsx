import type { InputHTMLAttributes } from 'react';
import * as css from './formControls.css';

type ControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/**
 * The app's one checkbox and one radio (issue 33, finding 9): real inputs (so a wrapping <label>, the keyboard
 * and screen readers work as usual) drawn in the app's style, never the browser's blue default.
 * A checkbox with role="switch" is drawn as a switch.
 */
export function Checkbox({ className, ...props }: ControlProps) {
  const look = props.role === 'switch' ? css.toggle : css.checkbox;
  return <input {...props} type="checkbox" className={className ? `${look} ${className}` : look} />;
}

export function Radio({ className, ...props }: ControlProps) {
  return <input {...props} type="radio" className={className ? `${css.radio} ${className}` : css.radio} />;
}
