import { defineIsland } from "../island";
import { LeadForm, type LeadFormProps } from "./LeadForm";

/** The lead form embedded in a page (/apply): after sending, the thank-you page. */
function PageLeadForm(props: Omit<LeadFormProps, "onSent">) {
  return (
    <LeadForm
      {...props}
      onSent={(id, order) =>
        window.location.assign(order ? `/gratefull?order=${encodeURIComponent(id)}&seminar=${encodeURIComponent(order.seminar_id)}` : `/gratefull?lead=${encodeURIComponent(id)}`)
      }
    />
  );
}

export default defineIsland("forms/LeadForm", PageLeadForm, "interaction");
