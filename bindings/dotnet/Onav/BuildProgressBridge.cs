// Carries a managed BuildProgress through the C callback: one static
// callback (IL2CPP accepts only static methods marked MonoPInvokeCallback;
// the static field keeps its native thunk alive for good), and a GCHandle
// to this bridge as user_data that keeps the caller's delegate alive for
// the call. An exception thrown by the delegate must not unwind through
// native frames: it cancels the build and is rethrown after the call.
using System;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;

namespace Onav
{
    internal sealed class BuildProgressBridge : IDisposable
    {
        static readonly NativeMethods.BuildProgressCallback Thunk = Report;

        readonly BuildProgress progress;
        GCHandle self;
        ExceptionDispatchInfo failure;

        internal BuildProgressBridge(BuildProgress progress)
        {
            this.progress = progress;
            if (progress != null) self = GCHandle.Alloc(this);
        }

        /// NULL when there is no delegate, so the build skips the calls.
        internal NativeMethods.BuildProgressCallback Callback
        {
            get { return progress == null ? null : Thunk; }
        }

        internal IntPtr UserData
        {
            get { return progress == null ? IntPtr.Zero : GCHandle.ToIntPtr(self); }
        }

        [MonoPInvokeCallback(typeof(NativeMethods.BuildProgressCallback))]
        static int Report(UIntPtr done, UIntPtr total, IntPtr userData)
        {
            var bridge = (BuildProgressBridge)GCHandle.FromIntPtr(userData).Target;
            try
            {
                return bridge.progress((long)done.ToUInt64(), (long)total.ToUInt64()) ? 0 : 1;
            }
            catch (Exception e)
            {
                bridge.failure = ExceptionDispatchInfo.Capture(e);
                return 1;
            }
        }

        /// The delegate's own exception first (the library saw a cancel), then the status.
        internal void Check(int status, ref NativeError err)
        {
            if (failure != null) failure.Throw();
            NativeStatus.Check(status, ref err);
        }

        public void Dispose()
        {
            if (self.IsAllocated) self.Free();
        }
    }
}
