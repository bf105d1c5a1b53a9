import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { Modal } from "~/components/admin/modal";
import { errorMessage } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import { emailPreviewPath } from "~/screens";

const TEXT = copy.emails;

/** The message as the customer received it (emails.view), its tracking token masked by the server. */
export function EmailViewDialog({ emailId, onClose }: { emailId: number | null; onClose: () => void }) {
  return (
    <Modal
      open={emailId !== null}
      onClose={onClose}
      title={fill(TEXT.viewTitle, { id: emailId ?? "" })}
      size="large"
    >
      {emailId !== null ? <EmailView id={emailId} /> : null}
    </Modal>
  );
}

function EmailView({ id }: { id: number }) {
  // Each view is logged as an access: no refetch behind the owner's back.
  const view = trpc.emails.view.useQuery(
    { id },
    { refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
  );
  if (view.isPending) {
    return (
      <p role="status" className="admin-muted">
        {TEXT.viewLoading}
      </p>
    );
  }
  if (view.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.viewFailed} : {errorMessage(view.error)}
      </p>
    );
  }
  const { subject, text } = view.data;
  return (
    <div className="admin-email-view">
      <p className="admin-email-view__subject">{subject}</p>
      {/*
        An empty sandbox: the message's HTML can run nothing and reach nothing of this page. It comes
        from its own address, whose policy alone allows the inline styles e-mails are written with.
      */}
      <iframe
        className="admin-email-view__frame"
        sandbox=""
        src={emailPreviewPath(id)}
        title={fill(TEXT.viewFrame, { subject })}
      />
      <details className="admin-email-view__text">
        <summary>{TEXT.plainText}</summary>
        <pre>{text}</pre>
      </details>
    </div>
  );
}
