import { sharedSignal } from "../../client/shared-signal";
import { isPhoneDrawToken, WHEEL_STORAGE_KEY, type WheelResult } from "../../services/wheel";

/** The visitor's fortune wheel result (spec 3: kept locally), carried into the lead form's gift field. */
export const wheelResult = sharedSignal<WheelResult | null>(null);

/**
 * The stored result, if it is a phone's draw: one kept from a visit's draw (before issue 40) would
 * carry a gift no phone can claim, so it is forgotten and the wheel offers a spin with the phone.
 */
export function restoreWheelResult(): void {
  try {
    const raw = localStorage.getItem(WHEEL_STORAGE_KEY);
    if (!raw) return;
    const stored = JSON.parse(raw) as WheelResult;
    if (isPhoneDrawToken(stored?.token)) wheelResult.value = stored;
    else localStorage.removeItem(WHEEL_STORAGE_KEY);
  } catch (error) {
    console.error("wheel: cannot read the stored result", error);
  }
}

export function keepWheelResult(result: WheelResult): void {
  wheelResult.value = result;
  try {
    localStorage.setItem(WHEEL_STORAGE_KEY, JSON.stringify(result));
  } catch (error) {
    console.error("wheel: cannot store the result", error);
  }
}
