import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import type { Role } from '../../shared/accounts/account.ts';
import { NotFound } from './not-found.tsx';

// Accounts.
const SignUp = lazy(() => import('./routes/sign-up.tsx'));
const SignIn = lazy(() => import('./routes/sign-in.tsx'));
const CompanySignUp = lazy(() => import('./routes/company-sign-up.tsx'));
const ForgotPassword = lazy(() => import('./routes/forgot-password.tsx'));
const ResetPassword = lazy(() => import('./routes/reset-password.tsx'));
const Invitation = lazy(() => import('./routes/invitation.tsx'));
const SignedIn = lazy(() => import('./signed-in.tsx'));
const ParticipantDashboard = lazy(() => import('./routes/participant-dashboard.tsx'));
const FacilitatorDashboard = lazy(() => import('./routes/facilitator-dashboard.tsx'));
// The men's programme, part 2: uploads, profile, attendance and the admin's programme settings.
const Assignments = lazy(() => import('./routes/assignments.tsx'));
const Profile = lazy(() => import('./routes/profile.tsx'));
const Attendance = lazy(() => import('./routes/attendance.tsx'));
const ProgrammeSettings = lazy(() => import('./routes/programme-settings.tsx'));
const Team = lazy(() => import('./routes/team.tsx'));
const AdminDashboard = lazy(() => import('./routes/admin-dashboard.tsx'));
const Accounts = lazy(() => import('./routes/accounts.tsx'));
const Outbox = lazy(() => import('./routes/outbox.tsx'));
const ErasureRequests = lazy(() => import('./routes/erasure-requests.tsx'));
const AuditLog = lazy(() => import('./routes/audit-log.tsx'));
// Where Paynow's page sends a payer back.
const PaymentReturn = lazy(() => import('./routes/payment-return.tsx'));
// The men's programme: recruitment forms (public) and the registers (admin).
const RegisterMan = lazy(() => import('./routes/register-man.tsx'));
const RegisterFacilitator = lazy(() => import('./routes/register-facilitator.tsx'));
const QuickRegistration = lazy(() => import('./routes/quick-registration.tsx'));
const RegisteredMen = lazy(() => import('./routes/registered-men.tsx'));
const RegisteredFacilitators = lazy(() => import('./routes/registered-facilitators.tsx'));
// Fun-run administration.
const Participants = lazy(() => import('./routes/participants.tsx'));
const EventSettings = lazy(() => import('./routes/event-settings.tsx'));
const Waitlist = lazy(() => import('./routes/waitlist.tsx'));
const Statements = lazy(() => import('./routes/statements.tsx'));
const Gifts = lazy(() => import('./routes/gifts.tsx'));
const ManageResults = lazy(() => import('./routes/manage-results.tsx'));
const Messages = lazy(() => import('./routes/messages.tsx'));
// Race morning: volunteers and admins at the check-in table.
const CheckIn = lazy(() => import('./routes/check-in.tsx'));
// Race end: the finish line on two phones (volunteers and admins); the admin checks and saves it.
const Finish = lazy(() => import('./routes/finish.tsx'));
const FinishCheck = lazy(() => import('./routes/finish-check.tsx'));

const PARTICIPANT: readonly Role[] = ['participant'];
const COMPANY: readonly Role[] = ['company'];
const ADMIN: readonly Role[] = ['admin'];
const FACILITATOR_OR_ADMIN: readonly Role[] = ['facilitator', 'admin'];
const VOLUNTEER_OR_ADMIN: readonly Role[] = ['volunteer', 'admin'];

/** The pages beyond the public fun-run ones, matched below the shell (router.tsx sends every other path here). */
export default function MoreRoutes() {
  return (
    <Routes>
      <Route path="SignUp" element={<SignUp />} />
      <Route path="About" element={<SignIn />} />
      <Route path="CompanySignUp" element={<CompanySignUp />} />
      <Route path="ForgotPassword" element={<ForgotPassword />} />
      <Route path="ResetPassword" element={<ResetPassword />} />
      <Route path="Invitation" element={<Invitation />} />
      <Route path="RegisterMan" element={<RegisterMan />} />
      <Route path="RegisterFacilitator" element={<RegisterFacilitator />} />
      <Route path="Registration" element={<QuickRegistration />} />
      <Route path="PaymentReturn" element={<PaymentReturn />} />
      {/* The guard renders a page (and lets it fetch) only for an account with the page's role. */}
      <Route element={<SignedIn roles={PARTICIPANT} />}>
        <Route path="WelcomeMan" element={<ParticipantDashboard />} />
        <Route path="Mobile" element={<ParticipantDashboard />} />
        <Route path="UploadButton" element={<Assignments />} />
        <Route path="Profile" element={<Profile />} />
      </Route>
      {/* Admins see every cell group where a facilitator sees his own. */}
      <Route element={<SignedIn roles={FACILITATOR_OR_ADMIN} />}>
        <Route path="WelcomeFacilitator" element={<FacilitatorDashboard />} />
        <Route path="Managean" element={<Attendance />} />
      </Route>
      <Route element={<SignedIn roles={VOLUNTEER_OR_ADMIN} />}>
        <Route path="CheckIn" element={<CheckIn />} />
        <Route path="Finish" element={<Finish />} />
      </Route>
      <Route element={<SignedIn roles={COMPANY} />}>
        <Route path="WelcomeManager" element={<Team />} />
      </Route>
      <Route element={<SignedIn roles={ADMIN} />}>
        <Route path="WelcomeAdmin" element={<AdminDashboard />} />
        <Route path="FinishCheck" element={<FinishCheck />} />
        <Route path="ProgrammeSettings" element={<ProgrammeSettings />} />
        <Route path="Accounts" element={<Accounts />} />
        <Route path="Outbox" element={<Outbox />} />
        <Route path="ErasureRequests" element={<ErasureRequests />} />
        <Route path="AuditLog" element={<AuditLog />} />
        <Route path="RegisteredMan" element={<RegisteredMen />} />
        <Route path="RegisteredFacilitator" element={<RegisteredFacilitators />} />
        <Route path="Participants" element={<Participants />} />
        <Route path="Statements" element={<Statements />} />
        <Route path="Gifts" element={<Gifts />} />
        <Route path="ManageResults" element={<ManageResults />} />
        <Route path="Messages" element={<Messages />} />
        <Route path="EventSettings" element={<EventSettings />} />
        <Route path="Waitlist" element={<Waitlist />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
