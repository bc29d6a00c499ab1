import styled from 'styled-components';
import { Link, type LinkProps } from 'react-router';
import { buttonStyles, type ButtonVariant } from './Button';

const StyledLink = styled(Link)<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A link inside the app that reads as a button: the next step a screen suggests ("Crea la tua prima attività"). */
export function ButtonLink({ variant = 'primary', ...rest }: ButtonLinkProps) {
  return <StyledLink $variant={variant} {...rest} />;
}
