import { sharedSignal } from "./signals";
import { WHEEL_STORAGE_KEY, type WheelResult } from "../../services/wheel";

/** The visitor's fortune wheel result (spec 3: kept locally), carried into the lead form's gift field. */
export const wheelResult = sharedSignal<WheelResult | null>(null);

export function restoreWheelResult(): void {
  try {
    const raw = localStorage.getItem(WHEEL_STORAGE_KEY);
    if (raw) wheelResult.value = JSON.parse(raw) as WheelResult;
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
