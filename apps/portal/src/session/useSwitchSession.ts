/**
 * Choosing a session from anywhere: a session of the other kind goes to its own area
 * (a customer session chosen on /org/events opens the customer portal), so the screen
 * never asks for what was just chosen.
 */
import { useLocation, useNavigate } from "react-router";
import { usePortal } from "./PortalContext.js";
import { areaOfPath, areaStart, type Session } from "./session.js";

export function useSwitchSession(): (session: Session) => void {
  const { choose } = usePortal();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (session) => {
    choose(session);
    const here = areaOfPath(pathname);
    if (here && here !== session.area) navigate(areaStart[session.area]);
  };
}
