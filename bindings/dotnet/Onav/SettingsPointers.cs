// The C world builders take an array of settings pointers, which the
// marshaller cannot make from SafeHandles; this leases each handle
// (DangerousAddRef) so no Dispose or finalizer frees it during the call,
// and releases them on Dispose.
using System;

namespace Onav
{
    internal sealed class SettingsPointers : IDisposable
    {
        readonly NavSettings[] leased;
        int leasedCount;

        internal SettingsPointers(NavSettings[] classes)
        {
            if (classes == null) throw new ArgumentNullException("classes");
            leased = classes;
            Pointers = new IntPtr[classes.Length];
            try
            {
                for (int i = 0; i < classes.Length; i++)
                {
                    if (classes[i] == null) throw new ArgumentNullException("classes[" + i + "]");
                    bool added = false;
                    classes[i].Handle.DangerousAddRef(ref added);
                    leasedCount = i + 1;
                    Pointers[i] = classes[i].Handle.DangerousGetHandle();
                }
            }
            catch
            {
                Dispose();
                throw;
            }
        }

        internal IntPtr[] Pointers { get; private set; }

        public void Dispose()
        {
            for (int i = 0; i < leasedCount; i++) leased[i].Handle.DangerousRelease();
            leasedCount = 0;
        }
    }
}
